// After archetype:generate and mvn package: java -jar the service as a user would (no flags), wait for its
// listening line, ask the JSON route, stop it with SIGTERM, and fail on any warning it printed.
import java.util.concurrent.LinkedBlockingQueue
import java.util.concurrent.TimeUnit

File project = new File(basedir, 'demo')
File jar = new File(project, 'target/demo.jar')
assert jar.isFile() : "no fat jar at $jar"
['Dockerfile', 'k8s/deployment.yaml', 'k8s/service.yaml', 'config/application.yaml'].each {
    assert new File(project, it).isFile() : "generated project lacks $it"
}

String java = System.getProperty('java.home') + '/bin/java'
ProcessBuilder builder = new ProcessBuilder(java, '-jar', jar.path).directory(project).redirectErrorStream(true)
builder.environment().put('SERVER_PORT', '0')
Process process = builder.start()
def lines = new LinkedBlockingQueue<String>()
List<String> output = Collections.synchronizedList([])
Thread reader = Thread.start {
    try {
        process.inputStream.newReader('UTF-8').eachLine { lines.put(it); output.add(it) }
    } catch (IOException closed) {
        // destroy() closes the stream under the reader
    }
}
try {
    int port = -1
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60)
    while (port < 0 && System.nanoTime() < deadline) {
        String line = lines.poll(1, TimeUnit.SECONDS)
        def match = line =~ /(?i)listening\b.*?(?::|port )(\d{1,5})\b/
        if (match.find()) {
            port = match.group(1) as int
        }
        assert process.isAlive() || line != null : "the service exited: ${output.join('\n')}"
    }
    assert port > 0 : "no listening line within 60 s: ${output.join('\n')}"
    def connection = new URL("http://localhost:$port/hello/Ada").openConnection()
    connection.connectTimeout = 10_000
    connection.readTimeout = 10_000
    assert connection.responseCode == 200
    assert connection.getHeaderField('content-type').startsWith('application/json')
    assert connection.inputStream.getText('UTF-8') == '{"message":"Hello, Ada!","length":11}'
} finally {
    process.destroy()
    assert process.waitFor(60, TimeUnit.SECONDS) : 'the service did not stop within 60 s of SIGTERM'
    reader.join(10_000)
}
String printed = output.join('\n')
println "service output:\n$printed"
assert !(printed =~ /(?i)warning|SLF4J\(W\)|exception/) : "the service printed a warning:\n$printed"
return true
