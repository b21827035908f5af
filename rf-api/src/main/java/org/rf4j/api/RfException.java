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

/**
 * Root of rf4j's unchecked exceptions. Every message names what was wrong, the offending value
 * and, where there is one, the allowed set or range.
 */
@API(status = API.Status.STABLE, since = "0.1")
public class RfException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public RfException(String message) {
        super(message);
    }

    public RfException(String message, Throwable cause) {
        super(message, cause);
    }
}
