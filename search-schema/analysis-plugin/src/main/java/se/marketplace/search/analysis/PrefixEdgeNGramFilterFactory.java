// Why: search-as-you-type prefix fields index every leading slice of a word ("kon", "kons", ...) so a
// partial query matches with a plain term lookup. Use it in the index-time analyzer only.
// min_gram/max_gram are optional per-filter settings (defaults 1 and 20), injected by Elasticsearch.
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("prefix_edge_ngram")
public class PrefixEdgeNGramFilterFactory implements TokenFilterFactory {
    private final int minGram;
    private final int maxGram;

    @Inject
    public PrefixEdgeNGramFilterFactory(PrefixEdgeNGramSettings settings) {
        this.minGram = settings.minGram();
        this.maxGram = settings.maxGram();
        if (minGram < 1 || maxGram < minGram) {
            throw new IllegalArgumentException(
                "prefix_edge_ngram needs 1 <= min_gram <= max_gram, got min_gram=" + minGram + ", max_gram=" + maxGram);
        }
    }

    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new EdgeNGramTokenFilter(tokenStream, minGram, maxGram, false);
    }
}
