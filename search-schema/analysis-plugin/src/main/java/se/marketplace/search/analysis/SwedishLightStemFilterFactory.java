// Why: Swedish inflection ("konsulterna", "bilar") must match the base form; Lucene's light stemmer is the
// conservative choice (fewer over-stems than Snowball) and the minimal ES distribution has no Swedish stemmer.
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.sv.SwedishLightStemFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("sv_light_stem")
public class SwedishLightStemFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new SwedishLightStemFilter(tokenStream);
    }
}
