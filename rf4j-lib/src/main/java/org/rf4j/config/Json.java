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
package org.rf4j.config;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apiguardian.api.API;

/**
 * rf4j's one JSON setting, for every reader and writer of configs, models and {@code --json}
 * output: a key given twice is an error (never "the last one wins"), and output is indented unless
 * written with {@link #line}.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.2")
public final class Json {
    private static final ObjectMapper SHARED = mapper();

    private Json() {
    }

    /** A new mapper with rf4j's settings (a caller that changes its own copy changes no one else's). */
    public static ObjectMapper mapper() {
        ObjectMapper m = new ObjectMapper();
        m.enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        m.enable(SerializationFeature.INDENT_OUTPUT);
        return m;
    }

    /** {@code value} (maps, lists, numbers, strings, trees) as indented JSON text. */
    public static String pretty(Object value) {
        return write(value, true);
    }

    /** {@code value} as JSON text on one line (a {@code --json} result line, say). */
    public static String line(Object value) {
        return write(value, false);
    }

    private static String write(Object value, boolean indent) {
        try {
            return (indent ? SHARED.writer() : SHARED.writer().without(SerializationFeature.INDENT_OUTPUT))
                    .writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
        }
    }
}
