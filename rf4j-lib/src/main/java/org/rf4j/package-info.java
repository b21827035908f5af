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
 * The library front door: {@link org.rf4j.RandomFeatures} configures a random-feature map (kernel,
 * coupling, feature map, m, seed), {@code fit} computes its data statistics once and draws it, and
 * the resulting {@link org.rf4j.RandomFeatureMap} maps {@code double[][]} rows in the caller's
 * coordinates (or {@code float[][]} rows on the optional float path, for fp32 models; its error
 * against the double path is stated in {@link org.rf4j.RandomFeatureMap}'s Javadoc). Configs round-trip through {@link org.rf4j.RandomFeatureMap#toConfig()} and
 * {@link org.rf4j.RandomFeatures#fromConfig(String)}.
 */
package org.rf4j;
