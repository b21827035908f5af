/**
 * Provider interfaces ({@link org.rf4j.spi.CouplingProvider}, {@link org.rf4j.spi.FeatureMapProvider},
 * {@link org.rf4j.spi.LambdaEstimatorProvider}, {@link org.rf4j.spi.SamplingPolicyProvider},
 * {@link org.rf4j.spi.EstimatorProvider}), parameter schemas and the registry.
 */
package org.rf4j.spi;
