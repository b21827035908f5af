package org.rf4j.learn;

import java.util.Arrays;
import java.util.List;
import org.rf4j.api.InvalidParameterException;

/** What a model learns: class labels (one-vs-rest ridge on ±1 targets) or real values. */
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
