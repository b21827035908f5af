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

import org.apiguardian.api.API;

/**
 * A base for mechanisms whose identity is their spec: {@link #equals}, {@link #hashCode} and
 * {@link #toString} follow {@link #spec()}, and two mechanisms are equal when they are of the same
 * class and have equal specs.
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractMechanism implements Mechanism {

    protected AbstractMechanism() {
    }

    @Override
    public boolean equals(Object o) {
        return o != null && o.getClass() == getClass() && ((Mechanism) o).spec().equals(spec());
    }

    @Override
    public int hashCode() {
        return spec().hashCode();
    }

    @Override
    public String toString() {
        return spec().toString();
    }
}
