// The archetype's files lose their permissions when a project is generated: make the wrapper runnable.
def project = new File(request.outputDirectory, request.artifactId)
new File(project, 'mvnw').setExecutable(true, false)
