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
package org.rf4j.api.linalg;

import org.rf4j.api.InvalidInputException;
import org.apiguardian.api.API;

/**
 * A linear system that must be symmetric positive definite is not (numerically): a Cholesky pivot
 * was zero, negative or not finite. The message names the pivot, its value and what to change.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public class NotPositiveDefiniteException extends InvalidInputException {
    private static final long serialVersionUID = 1L;

    public NotPositiveDefiniteException(String message) {
        super(message);
    }
}
