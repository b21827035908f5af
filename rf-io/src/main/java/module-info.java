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
 * Data files in and out: CSV, Weka ARFF and NumPy {@code .npy}, streamed in row chunks, written
 * atomically. Depends on {@code org.rf4j.api} and, for number text, jackson-core (its Schubfach
 * double-to-text and FastDoubleParser text-to-double), so the library front door, the CLI and the
 * Spark module share one reader.
 */
module org.rf4j.io {
    requires static transitive org.apiguardian.api;
    requires transitive org.rf4j.api;
    requires com.fasterxml.jackson.core;

    exports org.rf4j.io;
}
