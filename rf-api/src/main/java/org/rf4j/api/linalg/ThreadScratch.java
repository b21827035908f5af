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

import org.apiguardian.api.API;

/**
 * One scratch array per thread for one role (say "the projections of a chunk of rows"), shared by
 * every object that plays that role and grown to the largest size asked for. Hold it in a static
 * field: a {@link ThreadLocal} per object would keep each object's buffer in every thread that used
 * it until the thread-local entry happens to be expunged, so drawing features for many seeds (a Monte
 * Carlo study, a Spark executor mapping many models) would pin one buffer per object per thread.
 *
 * <p>The contents are whatever the last user left: callers overwrite the part they read. Two arrays
 * needed at the same time need two roles.
 */
@API(status = API.Status.INTERNAL, since = "0.2")
public final class ThreadScratch {
    private final ThreadLocal<double[]> doubles = new ThreadLocal<>();
    private final ThreadLocal<float[]> floats = new ThreadLocal<>();

    /** This thread's double array of this role, at least {@code size} long. */
    public double[] doubles(int size) {
        double[] a = doubles.get();
        if (a == null || a.length < size) {
            a = new double[size];
            doubles.set(a);
        }
        return a;
    }

    /** This thread's float array of this role, at least {@code size} long. */
    public float[] floats(int size) {
        float[] a = floats.get();
        if (a == null || a.length < size) {
            a = new float[size];
            floats.set(a);
        }
        return a;
    }
}
