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
package org.rf4j.io;

import org.apiguardian.api.API;

/**
 * An output file that cannot be written (a read-only folder, an immutable file, a full disk):
 * the message names the output as the user gave it and a plain reason.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class OutputFileException extends DataFormatException {
    private static final long serialVersionUID = 1L;

    public OutputFileException(String message, Throwable cause) {
        super(message);
        initCause(cause);
    }
}
