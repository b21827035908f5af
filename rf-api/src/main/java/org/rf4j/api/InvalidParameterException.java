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
package org.rf4j.api;

import org.apiguardian.api.API;

/** A mechanism parameter outside its allowed range or of the wrong type. */
@API(status = API.Status.STABLE, since = "0.1")
public class InvalidParameterException extends RfException {
    private static final long serialVersionUID = 1L;
    private final String key;
    /** The value refused, or null (not serialised: a message is what travels). */
    private final transient Object value;

    public InvalidParameterException(String key, Object value, String allowed) {
        super("parameter '" + key + "' = " + render(value) + " is not allowed; allowed: " + allowed);
        this.key = key;
        this.value = value;
    }

    public InvalidParameterException(String key, String message) {
        super("parameter '" + key + "': " + message);
        this.key = key;
        this.value = null;
    }

    /** The value refused, as given (null when the exception names no single value). */
    public Object value() {
        return value;
    }

    /** The parameter's name (a dotted path where the parameter is nested). */
    public String key() {
        return key;
    }

    private static String render(Object value) {
        return value instanceof CharSequence ? "'" + value + "'" : String.valueOf(value);
    }
}
