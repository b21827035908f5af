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
package org.rf4j.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.function.Supplier;
import org.rf4j.RandomFeatures;
import org.rf4j.api.DimensionMismatchException;

/**
 * Names the config's data file in a dimension mismatch between it and the rows being mapped
 * ("data has dimension 2 but 3 is required" alone does not say which file).
 */
final class DataNames {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private DataNames() {
    }

    /** Runs {@code task}; a mismatch about the config's data is rethrown naming the config and its data file. */
    static <T> T naming(RandomFeatures rf, Supplier<T> task) {
        try {
            return task.get();
        } catch (DimensionMismatchException e) {
            String m = e.getMessage();
            JsonNode data = data(rf);
            if (data == null || m == null || !(m.startsWith("data") || m.startsWith("the config's data"))) {
                throw e;
            }
            throw new DimensionMismatchException(rf.source() + ": \"data\": " + (data.isTextual() ? data.asText() : data)
                    + ": " + m);
        }
    }

    private static JsonNode data(RandomFeatures rf) {
        try {
            JsonNode d = MAPPER.readTree(rf.toConfig()).get("data");
            return d == null || d.isNull() ? null : d;
        } catch (java.io.IOException | RuntimeException e) {
            return null;
        }
    }
}
