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
package org.rf4j.hybrid;

import org.rf4j.api.InvalidParameterException;

/** Re-keys parameter exceptions thrown by constructors to the full config path. */
final class Messages {
    private Messages() {
    }

    /** The same complaint about {@code e.key()} under {@code path}. */
    static InvalidParameterException requalify(String path, InvalidParameterException e) {
        String prefix = "parameter '" + e.key() + "'";
        String msg = e.getMessage();
        String rest = msg.startsWith(prefix) ? msg.substring(prefix.length()) : ": " + msg;
        rest = rest.startsWith(": ") ? rest.substring(2) : "value" + rest;
        String key = path == null || path.isEmpty() ? e.key() : path + "." + e.key();
        return new InvalidParameterException(key, rest);
    }
}
