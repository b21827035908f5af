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

/** A base for projections of a fixed shape: m projections of d-dimensional inputs. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractProjection implements Projection {
    /** m, the number of projections (rows of W). */
    protected final int m;
    /** d, the input dimension (columns of W). */
    protected final int d;

    /**
     * @param m projections
     * @param d input dimension
     */
    protected AbstractProjection(int m, int d) {
        this.m = m;
        this.d = d;
    }

    @Override
    public final int count() {
        return m;
    }

    @Override
    public final int dimension() {
        return d;
    }
}
