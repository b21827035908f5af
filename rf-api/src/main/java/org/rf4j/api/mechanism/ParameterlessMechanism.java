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

import org.rf4j.api.Spec;
import org.apiguardian.api.API;

/** A base for mechanisms without parameters: the spec is {@code {"id": id}}. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class ParameterlessMechanism extends AbstractMechanism {
    private final String id;

    /** @param id the provider id */
    protected ParameterlessMechanism(String id) {
        this.id = id;
    }

    @Override
    public final Spec spec() {
        return Spec.of(id);
    }
}
