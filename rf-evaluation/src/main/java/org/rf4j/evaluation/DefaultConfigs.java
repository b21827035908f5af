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
package org.rf4j.evaluation;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.rf4j.RandomFeatures;
import org.rf4j.spi.MechanismKind;
import org.rf4j.spi.MechanismRegistry;
import org.apiguardian.api.API;

/**
 * The built-in comparison used when {@code rf4j evaluate} gets no configs: couplings
 * {@code iid}, {@code orthogonal}, {@code simplex} × feature maps {@code positive},
 * {@code trigonometric}, {@code oprf} as {@code random-features} estimators — restricted to the
 * ids present in the registry at run time; each missing id is reported in a note.
 */
@API(status = API.Status.INTERNAL, since = "0.1")
public final class DefaultConfigs {
    /** Couplings compared by default, in order. */
    public static final List<String> COUPLINGS = List.of("iid", "orthogonal", "simplex");
    /** Feature maps compared by default, in order. */
    public static final List<String> FEATURES = List.of("positive", "trigonometric", "oprf");

    private DefaultConfigs() {
    }

    /**
     * The default configs available in {@code registry} (labels {@code coupling/features}); notes
     * about missing mechanisms are added to {@code notes}.
     */
    public static List<EvaluationConfig> available(MechanismRegistry registry, List<String> notes) {
        Set<String> couplings = registry.ids(MechanismKind.COUPLING);
        Set<String> features = registry.ids(MechanismKind.FEATURE_MAP);
        List<EvaluationConfig> out = new ArrayList<>();
        if (!registry.ids(MechanismKind.ESTIMATOR).contains("random-features")) {
            notes.add("default comparison unavailable: estimator 'random-features' is not registered");
            return out;
        }
        for (String c : COUPLINGS) {
            if (!couplings.contains(c)) {
                notes.add("coupling '" + c + "' is not registered; its default configs are skipped");
            }
        }
        for (String f : FEATURES) {
            if (!features.contains(f)) {
                notes.add("feature map '" + f + "' is not registered; its default configs are skipped");
            }
        }
        for (String f : FEATURES) {
            for (String c : COUPLINGS) {
                if (couplings.contains(c) && features.contains(f)) {
                    out.add(EvaluationConfig.of(c + "/" + f,
                            RandomFeatures.gaussian(1.0).registry(registry).coupling(c).features(f)));
                }
            }
        }
        return out;
    }
}
