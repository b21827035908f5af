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

import java.util.Collection;
import org.rf4j.api.RfException;
import org.apiguardian.api.API;

/** A config named a mechanism id no provider has; the message lists the known ids. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class UnknownMechanismException extends RfException {
    private static final long serialVersionUID = 1L;

    public UnknownMechanismException(String path, MechanismKind<?> kind, String id, Collection<String> known) {
        super((path == null || path.isEmpty() ? "" : path + ": ") + kind.label() + " '" + id + "' is not known; known: "
                + known);
    }
}
