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
package org.rf4j.spi;

import java.util.List;
import java.util.Objects;
import org.rf4j.api.mechanism.Mechanism;
import org.apiguardian.api.API;

/**
 * The slim base of a provider: the kind, id, one-line description, the parameters and a factory,
 * each given once; the {@link ParameterSchema} is derived from the parameters. A provider is then
 * a constructor:
 *
 * <pre>{@code
 * public static final class Provider extends AbstractProvider<Coupling> implements CouplingProvider {
 *     static final Param<Boolean> SHUFFLE = Param.bool("shuffle", false, "shuffle the pairs");
 *
 *     public Provider() {
 *         super("antithetic", "iid pairs (w, -w)",
 *                 (p, context) -> new AntitheticCoupling(p.get(SHUFFLE)),
 *                 SHUFFLE);
 *     }
 * }
 * }</pre>
 *
 * <p>Each parameter is declared once, as a {@link Param} handle, and read typed by the factory; the
 * constructors taking {@link Parameter}s directly remain for providers that read by name.
 *
 * <p>The kind is the one whose provider interface the class implements ({@link CouplingProvider},
 * {@link FeatureMapProvider}, ...): that is also the {@link java.util.ServiceLoader} service type it
 * is registered under in module-info ({@code provides}) and {@code META-INF/services}.
 *
 * @param <T> the mechanism interface created
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1")
public abstract class AbstractProvider<T extends Mechanism> implements MechanismProvider<T> {

    /** Creates a configured mechanism from validated parameters. */
    @FunctionalInterface
    public interface Factory<T> {
        /**
         * @param parameters validated against the schema, defaults filled in
         * @param context    builds nested mechanisms
         */
        T create(Parameters parameters, BuildContext context);
    }

    private final MechanismKind<T> kind;
    private final String id;
    private final String description;
    private final Factory<? extends T> factory;
    private final List<Parameter> parameters;
    private volatile ParameterSchema schema;

    /**
     * A provider whose kind is read from the provider interface it implements.
     *
     * @param id          the id used in configs
     * @param description one line: what the mechanism is and which paper/equation defines it
     * @param factory     builds the mechanism from validated parameters
     * @param parameters  the parameters, in the order {@code rf4j mechanisms} lists them
     * @throws IllegalStateException if the class implements no provider interface
     */
    protected AbstractProvider(String id, String description, Factory<? extends T> factory, Parameter... parameters) {
        this(null, id, description, factory, List.of(parameters));
    }

    /** As above, with the parameters as a list (e.g. shared by several providers). */
    protected AbstractProvider(String id, String description, Factory<? extends T> factory, List<Parameter> parameters) {
        this(null, id, description, factory, parameters);
    }

    /**
     * A provider whose parameters are typed handles, declared once as constants and read typed by
     * the factory ({@code p.get(SIGMA)}); the schema is built from the handles in the order given.
     * The kind is read from the provider interface this class implements.
     *
     * @param id          the id used in configs
     * @param description one line: what the mechanism is and which paper/equation defines it
     * @param factory     builds the mechanism from validated parameters
     * @param first       the first parameter, in the order {@code rf4j mechanisms} lists them
     * @param rest        the others
     */
    protected AbstractProvider(String id, String description, Factory<? extends T> factory, Param<?> first,
            Param<?>... rest) {
        this(null, id, description, factory, handles(first, rest));
    }

    private static List<Parameter> handles(Param<?> first, Param<?>... rest) {
        List<Param<?>> all = new java.util.ArrayList<>(rest.length + 1);
        all.add(first);
        all.addAll(List.of(rest));
        return Param.parameters(all);
    }

    /**
     * @param kind        the kind (null: read from the provider interface this class implements); this
     *                    class must implement {@code kind.providerType()}
     * @param id          the id used in configs
     * @param description one line: what the mechanism is and which paper/equation defines it
     * @param factory     builds the mechanism from validated parameters
     * @param parameters  the parameters, in the order {@code rf4j mechanisms} lists them
     */
    protected AbstractProvider(MechanismKind<T> kind, String id, String description, Factory<? extends T> factory,
            Parameter... parameters) {
        this(kind, id, description, factory, List.of(parameters));
    }

    /** As above, with the parameters as a list (e.g. shared by several providers). */
    protected AbstractProvider(MechanismKind<T> kind, String id, String description, Factory<? extends T> factory,
            List<Parameter> parameters) {
        this.kind = kind != null ? kind : implementedKind();
        this.id = id;
        this.description = description == null ? "" : description;
        this.factory = Objects.requireNonNull(factory, "factory");
        this.parameters = List.copyOf(parameters);
        if (!this.kind.providerType().isInstance(this)) {
            throw new IllegalStateException(getClass().getName() + " provides a " + this.kind.label()
                    + " but does not implement " + kind.providerType().getName());
        }
    }

    /**
     * The kind whose provider interface this class implements (Java lets a class implement at most
     * one: they all extend {@link MechanismProvider} with different type arguments).
     */
    @SuppressWarnings("unchecked")
    private MechanismKind<T> implementedKind() {
        for (MechanismKind<?> k : MechanismKind.values()) {
            if (k.providerType().isInstance(this)) {
                return (MechanismKind<T>) k;
            }
        }
        throw new IllegalStateException(getClass().getName() + " implements no provider interface (CouplingProvider,"
                + " FeatureMapProvider, ...)");
    }

    @Override
    public final MechanismKind<T> kind() {
        return kind;
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String description() {
        return description;
    }

    /** The schema of the parameters given to the constructor (checked on first use). */
    @Override
    public final ParameterSchema schema() {
        ParameterSchema s = schema;
        if (s == null) {
            s = ParameterSchema.of(parameters);
            schema = s;
        }
        return s;
    }

    @Override
    public T create(Parameters parameters, BuildContext context) {
        return factory.create(parameters, context);
    }

    @Override
    public String toString() {
        return kind.label() + " provider '" + id + "'";
    }
}
