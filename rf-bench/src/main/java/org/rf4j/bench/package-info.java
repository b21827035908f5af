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
 * rf4j's timing harness and its benchmarks. {@link org.rf4j.bench.Benchmarks} holds the timing loops
 * that {@code rf4j bench} runs; the JMH benchmarks of rf4j's hot paths at the shapes of the NumPy comparison: the positive and trigonometric
 * feature maps (n = 100,000, d = 64, m = 512), {@code X·Wᵀ} alone, and Performer attention
 * (L = 16,384, d = 64, m = 256). Each benchmark times the same operation as
 * {@link org.rf4j.bench.Benchmarks}, on the same data.
 */
package org.rf4j.bench;
