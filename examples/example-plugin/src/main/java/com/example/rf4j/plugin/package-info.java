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
 * Example third-party rf4j mechanisms: the {@code antithetic} coupling, {@code random-phase}
 * features, the {@code constant} λ estimator and the {@code two-scale-gaussian} kernel. Each class holds its mechanism and, as a static
 * nested {@code Provider}, the factory the registry discovers.
 */
package com.example.rf4j.plugin;
