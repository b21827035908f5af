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
package org.rf4j.learn;

import java.util.Arrays;
import java.util.List;
import org.rf4j.api.InvalidParameterException;
import org.apiguardian.api.API;

/** What a model learns: class labels (one-vs-rest ridge on ±1 targets) or real values. */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public enum LearningTask {
    CLASSIFY("classify"),
    REGRESS("regress");

    private final String id;

    LearningTask(String id) {
        this.id = id;
    }

    /** The id used on the command line and in model files. */
    public String id() {
        return id;
    }

    /** The ids. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(LearningTask::id).toList();
    }

    /** The task with this id. */
    public static LearningTask of(String key, String id) {
        for (LearningTask t : values()) {
            if (t.id.equals(id)) {
                return t;
            }
        }
        throw new InvalidParameterException(key, id, "one of " + ids());
    }
}
