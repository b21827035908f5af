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
 * Special functions for the closed forms and for the couplings: log-gamma and the regularized
 * incomplete gamma functions ({@link org.rf4j.theory.special.Gamma}), the standard normal CDF and
 * its inverse ({@link org.rf4j.theory.special.Normal}) and tanh-sinh quadrature
 * ({@link org.rf4j.theory.special.Quadrature}). Each is accurate to near double precision and is
 * tested against reference values.
 */
package org.rf4j.theory.special;
