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
package org.rf4j.spi;

import org.apiguardian.api.API;

/** The type of a mechanism parameter, as it appears in JSON config. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum ParameterType {
    /** A whole number (JSON number without fraction). */
    INTEGER,
    /** A real number. */
    NUMBER,
    /** true / false. */
    BOOLEAN,
    /** A string; {@link Parameter#allowed()} may restrict it to a set. */
    STRING,
    /** A list of real numbers. */
    NUMBER_LIST,
    /** A nested mechanism object {@code {"id": ..., ...}} of {@link Parameter#mechanismKind()}. */
    MECHANISM,
    /** A list of nested mechanism objects of {@link Parameter#mechanismKind()}. */
    MECHANISM_LIST,
    /**
     * A data file (CSV, ARFF or .npy; rows are vectors) named in a config, relative to the config
     * file's folder. Providers never read it: the config loader reads every such file and hands its
     * rows to the mechanism's fit stage ({@link org.rf4j.api.mechanism.FitData#file(String)}).
     */
    DATA_FILE,
    /** Any JSON value (validated by the provider itself). */
    ANY
}
