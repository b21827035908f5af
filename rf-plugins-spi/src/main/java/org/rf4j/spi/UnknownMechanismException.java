package org.rf4j.spi;

import java.util.Collection;
import org.rf4j.api.RfException;

/** A config named a mechanism id no provider has; the message lists the known ids. */
public class UnknownMechanismException extends RfException {
    private static final long serialVersionUID = 1L;

    public UnknownMechanismException(String path, MechanismKind<?> kind, String id, Collection<String> known) {
        super((path == null || path.isEmpty() ? "" : path + ": ") + kind.label() + " '" + id + "' is not known; known: "
                + known);
    }
}
