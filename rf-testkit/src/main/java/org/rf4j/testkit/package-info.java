/**
 * Contract tests: {@link org.rf4j.testkit.CouplingContract}, {@link org.rf4j.testkit.FeatureMapContract},
 * {@link org.rf4j.testkit.EstimatorContract}, {@link org.rf4j.testkit.LambdaEstimatorContract} and
 * {@link org.rf4j.testkit.SamplingPolicyContract}, all built on {@link org.rf4j.testkit.ProviderContract}.
 */
package org.rf4j.testkit;
