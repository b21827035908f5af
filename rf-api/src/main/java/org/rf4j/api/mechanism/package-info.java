/**
 * The mechanism interfaces. A configured mechanism (a {@link org.rf4j.api.mechanism.Coupling},
 * {@link org.rf4j.api.mechanism.FeatureMap}, {@link org.rf4j.api.mechanism.LambdaEstimator},
 * {@link org.rf4j.api.mechanism.SamplingPolicy} or {@link org.rf4j.api.mechanism.Estimator}) is an
 * immutable value with a {@link org.rf4j.api.Spec}; drawing it with a generator yields the drawn
 * object ({@link org.rf4j.api.mechanism.Projection}, {@link org.rf4j.api.mechanism.DrawnFeatures},
 * {@link org.rf4j.api.mechanism.DrawnEstimator}) that applies itself to batches.
 *
 * <p>Conventions shared by every implementation:
 * <ul>
 *   <li>Inputs reaching a feature map are already multiplied by the kernel's
 *       {@linkplain org.rf4j.api.kernel.Kernel#inputScale() input scale}.</li>
 *   <li>Features are real. Complex maps are realified ({@link org.rf4j.api.ComplexMatrix}), so
 *       {@code K̂(x, y) = φ_query(x)ᵀ φ_key(y)} always.</li>
 *   <li>A projection-based map lays out its columns in blocks of m: column {@code b·m + j} belongs
 *       to projection j, so importance weights fold in per column.</li>
 * </ul>
 */
package org.rf4j.api.mechanism;
