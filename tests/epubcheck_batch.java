// EPUBCheck over many books in one Java runtime: the runtime's start and the loading of EPUBCheck's schemas, paid
// once rather than once a book. Arguments: pairs of a book and the JSON report to write for it. Each book is checked
// as `java -jar epubcheck.jar BOOK -q --json REPORT` checks it, by the same class.
import com.adobe.epubcheck.tool.EpubChecker;

public class EpubCheckBatch {
    public static void main(String[] args) {
        for (int i = 0; i + 1 < args.length; i += 2) {
            new EpubChecker().run(new String[] {args[i], "-q", "--json", args[i + 1]});
        }
    }
}
