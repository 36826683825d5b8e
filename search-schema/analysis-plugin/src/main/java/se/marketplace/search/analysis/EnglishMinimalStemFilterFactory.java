// Why: English plurals ("consultants" -> "consultant") should match singulars; the minimal stemmer only
// strips plural endings, so it rarely conflates unrelated words the way Porter can.
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("en_stem")
public class EnglishMinimalStemFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new EnglishMinimalStemFilter(tokenStream);
    }
}
