// Why: users type "goteborg" for "Göteborg"; folding å/ä/ö (and other diacritics) to ASCII makes both match.
// It works per character, so normalize() applies it too: analyzers use that for query_string
// wildcard/prefix/fuzzy terms. ES 9.3.2 still refuses stable-API filters in keyword normalizers (see README).
package se.marketplace.search.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;

@NamedComponent("sv_folding")
public class SwedishFoldingFilterFactory implements TokenFilterFactory {
    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new ASCIIFoldingFilter(tokenStream);
    }

    @Override
    public TokenStream normalize(TokenStream tokenStream) {
        return new ASCIIFoldingFilter(tokenStream);
    }
}
