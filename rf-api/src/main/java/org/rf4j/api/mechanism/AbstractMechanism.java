package org.rf4j.api.mechanism;

/**
 * A base for mechanisms whose identity is their spec: {@link #equals}, {@link #hashCode} and
 * {@link #toString} follow {@link #spec()}, and two mechanisms are equal when they are of the same
 * class and have equal specs.
 */
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
