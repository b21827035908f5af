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
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks a deployed repository of rf4j artifacts against Maven Central's publishing rules, as a
 * dry run of the Central Portal's validation: every POM has name, description, url, licenses,
 * developers and scm (its own or inherited from a parent in the same repository); every jar
 * artifact has sources and Javadoc jars; every file has checksums and, with --signed, a signature;
 * every jar has a module name; applications are not deployed; the BOM lists exactly the deployed
 * jar artifacts. Run with the JDK alone: java .ci/CentralRules.java REPO [--signed]
 */
public final class CentralRules {
    private static final Set<String> APPLICATIONS = Set.of("app", "dist", "rf-bench");
    private static final List<String> problems = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        Path group = Path.of(args[0], "org", "rf4j");
        boolean signed = args.length > 1 && args[1].equals("--signed");
        Set<String> deployedJars = new TreeSet<>();
        Set<String> bomEntries = new TreeSet<>();
        int files = 0;
        try (Stream<Path> artifacts = Files.list(group)) {
            for (Path dir : artifacts.sorted().toList()) {
                String artifact = dir.getFileName().toString();
                if (APPLICATIONS.contains(artifact)) {
                    problems.add(artifact + ": an application was deployed as a library");
                }
                Path version = versionDir(dir);
                if (version == null) {
                    continue;
                }
                Path pom = newest(version, artifact, ".pom");
                Element project = parse(pom);
                String packaging = text(project, "packaging", "jar");
                for (String field : List.of("name", "description")) {
                    if (text(project, field, null) == null) {
                        problems.add(artifact + ": POM has no <" + field + ">");
                    }
                }
                for (String field : List.of("url", "licenses", "developers", "scm")) {
                    if (inherited(project, group, field) == null) {
                        problems.add(artifact + ": POM has no <" + field + ">, own or inherited");
                    }
                }
                List<Path> deployed = new ArrayList<>(List.of(pom));
                if (packaging.equals("jar")) {
                    deployedJars.add(artifact);
                    Path jar = newest(version, artifact, ".jar");
                    deployed.add(jar);
                    deployed.add(newest(version, artifact, "-sources.jar"));
                    deployed.add(newest(version, artifact, "-javadoc.jar"));
                    moduleName(artifact, jar);
                }
                if (artifact.equals("rf4j-bom")) {
                    bomEntries.addAll(bomArtifacts(project));
                }
                for (Path file : deployed) {
                    if (file == null) {
                        continue;
                    }
                    files++;
                    for (String suffix : signed ? List.of(".md5", ".sha1", ".asc") : List.of(".md5", ".sha1")) {
                        if (!Files.exists(Path.of(file + suffix))) {
                            problems.add(artifact + ": " + file.getFileName() + " has no " + suffix);
                        }
                    }
                }
            }
        }
        if (!bomEntries.equals(deployedJars)) {
            Set<String> missing = new TreeSet<>(deployedJars);
            missing.removeAll(bomEntries);
            Set<String> extra = new TreeSet<>(bomEntries);
            extra.removeAll(deployedJars);
            problems.add("rf4j-bom: not listed " + missing + ", listed but not deployed " + extra);
        }
        if (problems.isEmpty()) {
            System.out.println("central rules: " + deployedJars.size() + " jar artifacts, " + files
                    + " files, nothing missing" + (signed ? " (signed)" : " (unsigned: signatures not checked)"));
        } else {
            problems.forEach(p -> System.out.println("central rules: " + p));
            System.exit(1);
        }
    }

    private static Path versionDir(Path artifactDir) throws IOException {
        try (Stream<Path> versions = Files.list(artifactDir)) {
            return versions.filter(Files::isDirectory).findFirst().orElse(null);
        }
    }

    /** The newest deployed file of the artifact with that ending (snapshots carry a timestamp). */
    private static Path newest(Path versionDir, String artifact, String ending) throws IOException {
        try (Stream<Path> files = Files.list(versionDir)) {
            Path found = files.filter(f -> {
                String n = f.getFileName().toString();
                if (!n.startsWith(artifact + "-") || !n.endsWith(ending)) {
                    return false;
                }
                String middle = n.substring(artifact.length() + 1, n.length() - ending.length());
                return !middle.endsWith("-sources") && !middle.endsWith("-javadoc");
            }).max(Path::compareTo).orElse(null);
            if (found == null) {
                problems.add(artifact + ": no " + ending + " deployed");
            }
            return found;
        }
    }

    private static void moduleName(String artifact, Path jar) throws IOException {
        if (jar == null) {
            return;
        }
        try (JarFile j = new JarFile(jar.toFile())) {
            boolean named = j.getEntry("module-info.class") != null
                    || (j.getManifest() != null
                        && j.getManifest().getMainAttributes().getValue("Automatic-Module-Name") != null);
            if (!named) {
                problems.add(artifact + ": jar has neither module-info nor Automatic-Module-Name");
            }
        }
    }

    private static Element parse(Path pom) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        try (InputStream in = Files.newInputStream(pom)) {
            Document d = f.newDocumentBuilder().parse(in);
            return d.getDocumentElement();
        }
    }

    private static Element child(Element e, String name) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    private static String text(Element e, String name, String absent) {
        Element c = child(e, name);
        return c == null || c.getTextContent().isBlank() ? absent : c.getTextContent().strip();
    }

    private static Element inherited(Element project, Path group, String field) throws Exception {
        Element own = child(project, field);
        if (own != null) {
            return own;
        }
        Element parent = child(project, "parent");
        if (parent == null || !"org.rf4j".equals(text(parent, "groupId", null))) {
            return null;
        }
        String id = text(parent, "artifactId", null);
        Path dir = versionDir(group.resolve(id));
        return dir == null ? null : inherited(parse(newest(dir, id, ".pom")), group, field);
    }

    private static Set<String> bomArtifacts(Element bom) {
        Set<String> out = new TreeSet<>();
        Element dm = child(bom, "dependencyManagement");
        Element deps = dm == null ? null : child(dm, "dependencies");
        if (deps != null) {
            for (Node n = deps.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element d && "org.rf4j".equals(text(d, "groupId", null))) {
                    out.add(text(d, "artifactId", null));
                }
            }
        }
        return out;
    }
}
