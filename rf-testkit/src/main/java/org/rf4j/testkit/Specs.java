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
package org.rf4j.testkit;

import org.apiguardian.api.API;
import org.rf4j.api.Spec;

/** Estimator specs that tests of several modules build: the config objects, as the registry reads them. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public final class Specs {
    private Specs() {
    }

    /**
     * {@code {"id": "random-features", "coupling": {"id": coupling}, "features": {"id": features}, "m": m}}:
     * m projections of a coupling through a feature map.
     */
    public static Spec randomFeatures(String coupling, String features, long m) {
        return Spec.of("random-features", "coupling", Spec.of(coupling), "features", Spec.of(features), "m", m);
    }
}
