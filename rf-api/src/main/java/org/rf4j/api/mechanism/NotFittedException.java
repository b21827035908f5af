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
package org.rf4j.api.mechanism;

import org.rf4j.api.InvalidInputException;
import org.apiguardian.api.API;

/**
 * A data-driven mechanism was drawn (or asked for its theory) before its fit stage computed its
 * data-dependent values. There is one way to fit: the mechanism's {@code fit} hook
 * ({@code RandomFeatures.fit(X)} at the front door, or a config naming a {@code "data"} file);
 * drawing never fits.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class NotFittedException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    /**
     * @param what the mechanism, e.g. {@code "feature map 'oprf'"}
     * @param from what it fits from data, e.g. {@code "ρ* of CRT Theorem 3.3"}
     */
    public NotFittedException(String what, String from) {
        super(what + " is not fitted (" + from + " comes from data): call fit first, e.g. RandomFeatures.fit(X)"
                + " or a config with a \"data\" file; drawing never fits");
    }
}
