/**
 * Applications of random-feature kernel estimators and their evaluation: Nadaraya–Watson
 * classification ({@link org.rf4j.tasks.NadarayaWatson}), Gram matrix approximation
 * ({@link org.rf4j.tasks.GramApproximation}), pointwise studies
 * ({@link org.rf4j.tasks.PointwiseStudy}), closed-form curves ({@link org.rf4j.tasks.TheoryCurves})
 * and the harness behind {@code rf4j evaluate} ({@link org.rf4j.tasks.Evaluation}).
 */
package org.rf4j.tasks;
