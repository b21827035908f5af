/**
 * Sampling policies for the projections of a {@link org.rf4j.api.mechanism.ProjectionFeatureMap}:
 * {@link org.rf4j.sampling.StandardSampling} and {@link org.rf4j.sampling.OptimalSampling}, the
 * Gaussian proposal they draw from ({@link org.rf4j.sampling.GaussianProposal}) and the fit
 * diagnostics ({@link org.rf4j.sampling.ProposalFit}: the Theorem 1 floor beside the variance the
 * fitted proposal achieves). The weights are the exact density ratio, so every estimator built with
 * these policies is exactly unbiased, with iid and with coupled draws; the closed forms live in
 * {@link org.rf4j.theory.ImportanceSamplingTheory}.
 */
package org.rf4j.sampling;
