/**
 * The library front door: {@link org.rf4j.RandomFeatures} configures a random-feature map (kernel,
 * coupling, feature map, m, seed), {@code fit} computes its data statistics once and draws it, and
 * the resulting {@link org.rf4j.RandomFeatureMap} maps {@code double[][]} rows in the caller's
 * coordinates. Configs round-trip through {@link org.rf4j.RandomFeatureMap#toConfig()} and
 * {@link org.rf4j.RandomFeatures#fromConfig(String)}.
 */
package org.rf4j;
