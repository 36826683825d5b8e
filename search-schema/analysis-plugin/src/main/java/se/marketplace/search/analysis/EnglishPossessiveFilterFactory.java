// Why: "Anna's" should match "Anna"; strips the trailing 's the minimal stemmer leaves alone.
// Put it before "en_stem".
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("en_possessive")
public class EnglishPossessiveFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new EnglishPossessiveFilter(tokenStream);
    }
}
