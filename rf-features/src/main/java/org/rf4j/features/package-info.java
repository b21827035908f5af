/**
 * Feature-map implementations and their providers, and {@link org.rf4j.features.RandomFeaturesEstimator},
 * the {@code random-features} estimator that composes a coupling, a feature map and a sampling
 * policy.
 */
package org.rf4j.features;
