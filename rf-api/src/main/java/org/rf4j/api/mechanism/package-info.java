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
 * The mechanism model. Every mechanism — a {@link org.rf4j.api.kernel.Kernel},
 * {@link org.rf4j.api.mechanism.Coupling}, {@link org.rf4j.api.mechanism.FeatureMap},
 * {@link org.rf4j.api.mechanism.LambdaEstimator}, {@link org.rf4j.api.mechanism.SamplingPolicy} or
 * {@link org.rf4j.api.mechanism.Estimator} — is a {@link org.rf4j.api.mechanism.Mechanism}: an
 * immutable value described completely by its {@link org.rf4j.api.Spec}.
 *
 * <p><b>Three stages; type names say which.</b>
 * <ol>
 *   <li><b>Configured</b> ({@code Coupling}, {@code FeatureMap}, {@code SamplingPolicy},
 *       {@code LambdaEstimator}, {@code Estimator}): built from a spec by the registry. A
 *       data-driven mechanism ({@code oprf}, {@code gerf} with {@code fit: true}, {@code poisson},
 *       {@code geometric} and their plus variants, the {@code optimal} sampling policy) reports
 *       {@link org.rf4j.api.mechanism.Mechanism#needsFit()}.</li>
 *   <li><b>Fitted</b>: {@link org.rf4j.api.mechanism.Estimator#fit(FitData)} computes every
 *       data-dependent value once and returns a configured estimator whose spec carries the fitted
 *       values as ordinary parameters (e.g. {@code rho}, {@code lambda}, {@code p}, {@code shift},
 *       the proposal's {@code mean}/{@code eigenvalues}/{@code eigenvectors}), so the spec alone
 *       rebuilds it without data. Fitted values are in kernel coordinates (inputs multiplied by the
 *       kernel's input scale): a fitted spec is tied to its kernel. Nested mechanisms fit through
 *       their parent; mechanisms with nothing to fit return themselves.</li>
 *   <li><b>Drawn</b> ({@link org.rf4j.api.mechanism.Projection},
 *       {@link org.rf4j.api.mechanism.DrawnFeatures}, {@link org.rf4j.api.mechanism.DrawnLambda},
 *       {@link org.rf4j.api.mechanism.DrawnEstimator}): {@code draw(kernel, d, seed)} fixes the
 *       random projections; the drawn object applies itself to batches.</li>
 * </ol>
 *
 * <p>Mechanisms ask each other for capabilities, never for ids or classes (e.g.
 * {@link org.rf4j.api.mechanism.Coupling#jointLaw()} decides which closed form applies).
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
