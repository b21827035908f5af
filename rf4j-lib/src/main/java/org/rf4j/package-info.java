/**
 * The library front door: {@link org.rf4j.RandomFeatures} configures a random-feature map (kernel,
 * coupling, feature map, m, seed), {@code fit} computes its data statistics once and draws it, and
 * the resulting {@link org.rf4j.RandomFeatureMap} maps {@code double[][]} rows in the caller's
 * coordinates (or {@code float[][]} rows on the optional float path, for fp32 models; its error
 * against the double path is stated in {@link org.rf4j.RandomFeatureMap}'s Javadoc). Configs round-trip through {@link org.rf4j.RandomFeatureMap#toConfig()} and
 * {@link org.rf4j.RandomFeatures#fromConfig(String)}.
 */
package org.rf4j;
