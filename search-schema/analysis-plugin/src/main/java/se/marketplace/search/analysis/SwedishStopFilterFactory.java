// Why: Swedish function words ("och", "att", "det") carry no meaning in listings and skew scoring;
// this drops Lucene's standard Swedish stop list. Put it after "lowercase".
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.sv.SwedishAnalyzer;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("sv_stop")
public class SwedishStopFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new StopFilter(tokenStream, SwedishAnalyzer.getDefaultStopSet());
    }
}
