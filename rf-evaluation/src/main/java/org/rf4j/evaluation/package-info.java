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
 * Applications of random-feature kernel estimators and their evaluation: Nadaraya–Watson
 * classification ({@link org.rf4j.evaluation.NadarayaWatson}), Gram matrix approximation
 * ({@link org.rf4j.evaluation.GramApproximation}), pointwise studies
 * ({@link org.rf4j.evaluation.PointwiseStudy}), closed-form curves ({@link org.rf4j.evaluation.TheoryCurves})
 * and the harness behind {@code rf4j evaluate} ({@link org.rf4j.evaluation.Evaluation}).
 */
package org.rf4j.evaluation;
