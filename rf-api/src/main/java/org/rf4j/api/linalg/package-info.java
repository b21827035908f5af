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
 * The hot-path numerical kernels: matrix products, fused elementwise exp/sin/cos, the fast
 * Walsh–Hadamard transform, and the threading policy.
 *
 * <ul>
 *   <li>{@link org.rf4j.api.linalg.LinearAlgebra} — the entry point every mechanism calls
 *       ({@code X·Wᵀ}, {@code A·B}, {@code Aᵀ·B}, elementwise functions), parallel over fixed row
 *       blocks and bit-identical for every thread count.</li>
 *   <li>{@link org.rf4j.api.linalg.VectorKernels} — the SPI of the inner loops: a plain-Java
 *       implementation here, a Vector API one in the optional {@code org.rf4j.vector} module,
 *       chosen at run time with {@link java.util.ServiceLoader} (Lucene's
 *       {@code VectorizationProvider} pattern), so this module depends on {@code java.base} only
 *       and links with jlink with or without the vector module.</li>
 *   <li>{@link org.rf4j.api.linalg.Parallelism} — thread count (default: processors;
 *       {@code -Drf4j.threads}, {@link org.rf4j.api.linalg.Parallelism#setDefault(int)}) and the
 *       deterministic task loop.</li>
 *   <li>{@link org.rf4j.api.linalg.PackedTranspose} — {@code Wᵀ} packed once for repeated
 *       projections.</li>
 * </ul>
 */
package org.rf4j.api.linalg;
