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
 * Data in and out: CSV (header detection, label column by name or index), Weka ARFF (numeric and
 * nominal attributes) and NumPy {@code .npy} (read and write). Readers stream rows in chunks so
 * large files run in bounded memory; writers are atomic (a temporary file in the target folder,
 * moved into place on success). Errors name the file, line and column.
 */
package org.rf4j.io;
