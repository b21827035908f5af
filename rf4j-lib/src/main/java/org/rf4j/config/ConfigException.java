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

import org.rf4j.api.RfException;
import org.apiguardian.api.API;

/** A config file that cannot be used: unreadable, malformed JSON, or invalid content. */
@API(status = API.Status.STABLE, since = "0.1")
public class ConfigException extends RfException {
    private static final long serialVersionUID = 1L;
    private final String source;

    public ConfigException(String message) {
        super(message);
        this.source = null;
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
        this.source = null;
    }

    /**
     * A problem in the config named {@code source} (a file name, "config", ...): the message is
     * {@code source + ": " + problem}, and {@link #source()} names it.
     */
    public ConfigException(String source, String problem, Throwable cause) {
        super(source + ": " + problem, cause);
        this.source = source;
    }

    /** The config this problem is in, when the message is prefixed with it; else null. */
    public String source() {
        return source;
    }
}
