/*
 * Copyright 2026 The rf4j developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
