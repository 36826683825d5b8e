// Why: the stable plugin API passes filter settings as an @AnalysisSettings interface that Elasticsearch
// implements at runtime; this one carries the optional min_gram/max_gram of "prefix_edge_ngram".
package se.marketplace.search.analysis;

import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.IntSetting;

@AnalysisSettings
public interface PrefixEdgeNGramSettings {
    @IntSetting(path = "min_gram", defaultValue = 1)
    int minGram();

    @IntSetting(path = "max_gram", defaultValue = 20)
    int maxGram();
}
