// Why: English listings and queries ("the", "and", "of") need the same stop-word treatment as Swedish ones;
// this uses Lucene's standard English stop set. Put it after "lowercase".
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("en_stop")
public class EnglishStopFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new StopFilter(tokenStream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    }
}
