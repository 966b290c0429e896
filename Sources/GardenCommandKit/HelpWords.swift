import Foundation
import GardenCatalog

/// Each command's own `--help` in Portuguese (issue 36: one language per run, the help too): the description of each
/// command (``Command/about``) by its name and each option's line of help (``CommandOption/help``) by its English
/// text. Option names, value placeholders (`FILE`, `YYYY-MM`) and the usage line's arguments are syntax and stay as
/// written in both languages. An English text with no entry here is printed as written; `HelpWordsTests` fails for
/// any declared option or command that has none, so a new option cannot leave a Portuguese help half English.
package enum HelpWords {
    /// `about` of the command `name` in `language` (English: as written). In the Portuguese text `{kinds}` stands for
    /// what follows the English text's last `kinds: ` (a list the command builds from its types).
    package static func about(_ name: String, _ english: String, _ language: Language) -> String {
        guard language == .portuguese, var said = abouts[name] else { return english }
        if said.contains("{kinds}"), let range = english.range(of: "kinds: ", options: .backwards) {
            said = said.replacingOccurrences(of: "{kinds}", with: String(english[range.upperBound...]))
        }
        return said
    }

    /// One option's help in `language` (English: as written).
    package static func option(_ english: String, _ language: Language) -> String {
        guard language == .portuguese else { return english }
        return options[english] ?? english
    }

    /// Whether `english` (an option's help) has its Portuguese text.
    package static func hasPortuguese(option english: String) -> Bool { options[english] != nil }

    /// Whether the command `name` has its Portuguese description.
    package static func hasPortuguese(about name: String) -> Bool { abouts[name] != nil }

    /// The usage line's first word: `usage` / `uso`.
    static func usage(_ language: Language) -> String { language == .portuguese ? "uso" : "usage" }
    /// The word before the list of options: `options` / `opções`.
    static func optionsWord(_ language: Language) -> String { language == .portuguese ? "opções" : "options" }

    /// What each command does, in Portuguese, by the command's name.
    static let abouts: [String: String] = [
        "resolve": """
        Lê linhas JSON (da entrada padrão, ou de FILE) e devolve cada linha com um objeto "resolution" a mais.
        O que foi aprendido (regras, correções à mão, memória, modelo) é lido do banco quando ele existe.
        Um CNPJ numa linha é procurado no cadastro de empresas quando um foi importado (garden registry import).
        """,
        "import": """
        Lê OFX/QFX (1.x SGML e 2.x XML), CSVs exportados por bancos, páginas de transações da Pluggy ("results") e
        respostas de transações do Open Finance Brasil ("data"); escreve uma linha JSON canônica por transação:
        id, data, valor (exato, negativo = dinheiro que sai da conta), moeda, descrição, memo, conta,
        meio de pagamento, número do cheque, categoria do provedor. "-" lê a entrada padrão.
        """,
        "eval": """
        Resolve linhas rotuladas sem banco algum e dá a acurácia de estabelecimento, tipo e categoria, a cobertura,
        a taxa de revisão, a precisão de cada resolvedor e os erros com seus rastros.
        """,
        "teach": "Guarda a correção, aprende com ela e propõe uma regra (acrescentada com --apply).",
        "explain": """
        Mostra por que uma linha teve seu resultado: a descrição lida, o intermediário, a identidade do estabelecimento,
        a proposta de cada resolvedor com sua evidência, qual venceu e por que as outras não, o caminho até o orçamento,
        os motivos de revisão e as 3 primeiras do naive Bayes.
        """,
        "recategorize": """
        Resolve de novo as linhas registradas com as regras e o modelo de agora; as correções à mão ficam sempre. Uma
        execução aplicada que muda linhas é uma entrada do diário (garden undo a desfaz); uma que não muda nenhuma não grava entrada. Uma linha guardada que não se consegue ler
        é relatada pelo seu id e deixada como está (saída 65).
        """,
        "rules": """
        As regras do usuário (arquivos de regras e as do banco) com id, origem e quantas linhas casaram; lint aponta
        duplicadas, conflitos e sobreposições e diz qual vence; export e import usam o formato dos arquivos de regras.
        """,
        "snapshot": """
        Escreve FILE: as regras do banco, as correções à mão, a memória de estabelecimentos, as contagens do naive Bayes
        e as identidades (sem as linhas do registro, sem o histórico de undo), compacto e coerente, modo 0600; a chave
        de identidade, se houver, em FILE.key. Leia-o com garden resolve --read-only --db FILE. Um FILE (ou FILE.key)
        que já exista só é substituído com --force e só quando é um snapshot anterior (e sua chave); nunca o próprio
        banco (por onde quer que se chegue a ele), outro arquivo ou o que não for um arquivo comum.
        """,
        "link": """
        Vincula as linhas registradas ou mudadas desde a última execução aos seus possíveis pares; uma entrada do
        diário, desfeita com exatidão; sem nada novo, nada é escrito.
        """,
        "links": "Os vínculos com id, tipo, estado, confiança, linhas e evidência.\ntipos: {kinds}",
        "budgets": """
        O custo líquido do ciclo por orçamento (estornos, reembolsos aceitos e IOF somados à sua compra, pares de
        transferência deixados de fora) contra o limite de cada orçamento: o que resta, o ritmo, os totais, a receita,
        as transferências com pessoas, os movimentos neutros entre as suas contas, os compromissos a vencer ainda não
        pagos e a sobra (Σ limites − Σ gasto líquido nos orçamentos com limite − compromissos); --month, senão o último
        mês. set ID: muda um orçamento (ou cria um); remove ID: apaga-o; list: os orçamentos como definidos. Uma mudança
        é uma entrada do diário (garden undo a desfaz) e move na hora as linhas registradas a que ela diz respeito.
        """,
        "report": """
        Uma página HTML completa em si (CSS e SVG embutidos, sem script, nada buscado fora): o mês (receita, gastos pelo
        custo líquido, orçamentos contra seus limites com o ritmo, a sobra), as categorias nos últimos N meses, a quem
        se pagou, compromissos, o que revisar e observações com suas regras. Cada número é um que garden budgets --json
        e garden links --json mostram; CPFs saem mascarados.
        """,
        "review": """
        Lista as linhas a revisar, agrupadas pela identidade do estabelecimento e pelo sentido do dinheiro, sob o motivo
        da dúvida (sem categoria, uma loja que vende de tudo, evidência fraca, …), o motivo com mais linhas primeiro e,
        dentro dele, o grupo maior primeiro:
        cada um com suas linhas, totais, duas descrições de exemplo, o melhor palpite de garden com sua confiança, por
        que ficou em dúvida e o comando garden teach que resolve o grupo (suas linhas a revisar na hora, as outras
        linhas do estabelecimento no próximo garden recategorize; uma linha sem identidade de estabelecimento, só ela).
        accept toma o palpite de garden como resposta, para grupos pelo número na lista do mesmo escopo (garden review
        accept 1 3 5 numera como garden review; com --month, como garden review --month) ou pela identidade do estabelecimento (name:padariadoze), para linhas pelo id, para todos os grupos (--all) ou
        para toda linha a revisar cuja confiança seja ao menos C (--above 0.5): cada linha guarda sua categoria como
        uma correção à mão só sua e sai da fila na hora; nada se aprende sobre o estabelecimento (garden teach faz
        isso). Uma entrada do diário: garden undo a desfaz. Uma linha para a qual garden não tinha palpite
        (uncategorized) nunca é aceita.
        """,
        "rows": """
        As linhas registradas que atendem a todos os filtros dados, por data: uma tabela num terminal (data, valor,
        conta, descrição, categoria, ! quando a revisar, id da linha), linhas JSON num pipe (cada linha de entrada com
        sua resolução, como garden export as escreve) ou --format csv (as colunas de garden export). garden export
        aceita os mesmos filtros.
        """,
        "export": """
        Escreve as linhas registradas, por data, em linhas JSON (cada linha de entrada com sua resolução), CSV (um
        cabeçalho; --delimiter ';' também escreve vírgulas decimais, para planilhas pt-BR), um diário hledger ou um
        livro beancount (beneficiário: o estabelecimento; contas: as categorias e a conta da linha; o id da linha e a
        marca de revisão como tags). O que o registro guarda: nada é resolvido de novo.
        """,
        "row": """
        delete apaga linhas registradas (com os vínculos de que fazem parte); correct muda o que a entrada de uma linha
        registrada diz (linhas canônicas: os campos que garden import escreve) e a resolve de novo, mantendo seu id;
        com --category ou --budget dá só a esta linha essa categoria ou esse orçamento (nada se aprende sobre o
        estabelecimento: garden teach faz isso). Cada um é uma entrada do diário: garden undo devolve as linhas
        exatamente.
        """,
        "merchants": """
        Lista as identidades de estabelecimento das linhas registradas com as formas em que foram impressas, as formas
        que seguem um estabelecimento lembrado (um nome parecido o bastante, ou juntado à mão) e o que a memória guarda.
        merge KEY --into KEY faz de KEY e do outro um só estabelecimento; split KEY mantém KEY à parte de qualquer nome
        parecido. garden undo desfaz os dois.
        """,
        "undo": "Desfaz a última mudança de teach, recategorize, rules, merchants (merge ou split), me ou link; o histórico a guarda, marcada como desfeita.",
        "me": "Seus próprios nomes, documentos (guardados como HMAC-SHA256 + máscara) e contas: um Pix/TED para eles ou deles é transfer.own.",
        "accounts": """
        Lista cada conta: nome, tipo, linhas, primeira e última data e saldo (unidades mínimas somadas, mostradas com a
        moeda). rename OLD NEW a renomeia em todas as linhas (as linhas mantêm seus ids); type NAME TYPE define seu tipo
        (um credit_card é exportado em liabilities).
        """,
        "registry": """
        import: os arquivos "Dados Abertos CNPJ" da Receita Federal como publicados (Empresas, Estabelecimentos, Cnaes,
                Naturezas, Municipios; os zips ou seus arquivos descompactados, ou uma pasta deles), lidos em fluxo;
                importar de novo substitui.
                A tabela de sócios (Socios) é dado pessoal: é pulada, nunca guardada.
        lookup: o que o cadastro guarda para um CNPJ e como resolve o lê.
        """,
        "categories": "Lista os ids de categoria com seus nomes e orçamentos padrão, depois os orçamentos.",
        "install": """
        Copia este binário de garden para PREFIX/bin/garden e seus dados (Rules/, Brands/, CNAE/) para PREFIX/share/garden,
        para que o garden instalado rode de qualquer pasta. Uma instalação anterior feita por garden é substituída com --force.
        """,
        "version": "O motor, o catálogo (impressão digital do conteúdo e contagens) e a versão do ICU.",
    ]

    /// Each option's help in Portuguese, by its English text.
    static let options: [String: String] = [
        // Shared groups.
        "garden's data (Rules/, Brands/, CNAE/); else $GARDEN_DATA, else the installed data":
            "os dados de garden (Rules/, Brands/, CNAE/); senão $GARDEN_DATA, senão os dados instalados",
        "a rule file, besides ~/.config/garden/rules/*.rules (repeatable)": "um arquivo de regras, além de ~/.config/garden/rules/*.rules (pode repetir)",
        "leave out ~/.config/garden/rules (or $GARDEN_RULES_DIR)": "deixar de fora ~/.config/garden/rules (ou $GARDEN_RULES_DIR)",
        "the confidence a proposal needs to decide a row": "a confiança de que uma proposta precisa para decidir uma linha",
        "the store; else $GARDEN_DB, else ~/.local/share/garden/garden.db": "o banco; senão $GARDEN_DB, senão ~/.local/share/garden/garden.db",
        "the company registry; else $GARDEN_REGISTRY, else registry.db beside the store":
            "o cadastro de empresas; senão $GARDEN_REGISTRY, senão registry.db ao lado do banco",
        "active establishments of one CNPJ root that make a chain (default 10)": "estabelecimentos ativos de uma raiz de CNPJ que fazem uma rede (padrão 10)",
        "write the rows on a terminal too (piped, they are always written)": "escrever as linhas num terminal também (num pipe, sempre são escritas)",
        "names, labels and notes in Portuguese or English; else from LC_ALL, LC_MESSAGES or LANG (pt_BR: Portuguese; another, C or none: English)":
            "nomes, rótulos e notas em português ou inglês; senão de LC_ALL, LC_MESSAGES ou LANG (pt_BR: português; outro, C ou nenhum: inglês)",
        // resolve, import, eval.
        "add \"descriptor\" and \"trace\" to each resolution": "acrescentar \"descriptor\" e \"trace\" a cada resolução",
        "also upsert every row into the store's ledger (created on first use)": "também gravar cada linha no registro do banco (criado no primeiro uso)",
        "open the store (or a garden snapshot) immutable: nothing written or created beside it":
            "abrir o banco (ou um snapshot de garden) imutável: nada escrito nem criado ao lado dele",
        "mask CPFs in the echoed input too (garden never adds one)": "mascarar CPFs também na entrada devolvida (garden nunca acrescenta um)",
        "mask personal numbers in the rows written (CPFs, card numbers, account numbers a line names)":
            "mascarar números pessoais nas linhas escritas (CPFs, números de cartão, números de conta que uma linha cite)",
        "resolve on N threads (default: the number of cores), output in input order":
            "resolver em N threads (padrão: o número de núcleos), saída na ordem da entrada",
        "no progress line on stderr (shown only when stderr is a terminal)": "sem linha de progresso em stderr (mostrada só quando stderr é um terminal)",
        "only parse each line and write it back (the I/O limit, for benchmarks)": "só ler cada linha e devolvê-la (o limite de E/S, para medições)",
        "the local date of UTC date-times": "a data local de datas e horas em UTC",
        "the file format (default: detected)": "o formato do arquivo (padrão: detectado)",
        "the account written on every row of every FILE, given once (default: the file's own account; one import per label)":
            "a conta escrita em cada linha de cada ARQUIVO, dada uma vez (padrão: a conta do próprio arquivo; uma importação por rótulo)",
        "a CSV layout by id instead of detection (ids: garden import --dialects)": "um leiaute de CSV pelo id em vez de detectado (ids: garden import --dialects)",
        "list the CSV dialects and exit": "listar os dialetos de CSV e sair",
        "a CSV layout by hand, e.g. header,date,-,description,debit,credit,balance":
            "um leiaute de CSV à mão, ex.: header,date,-,description,debit,credit,balance",
        "the CSV field separator (default ,; ';' also means decimal commas)": "o separador de campos do CSV (padrão ,; ';' também quer dizer vírgulas decimais)",
        "the CSV decimal mark (default: comma with --delimiter ';', else point)": "a marca decimal do CSV (padrão: vírgula com --delimiter ';', senão ponto)",
        "the currency of CSV amounts without a currency column (default: the layout's, or what the file states)":
            "a moeda dos valores de um CSV sem coluna de moeda (padrão: a do leiaute, ou a que o arquivo declara)",
        "add one line per collection and per source, worst category first (`collection`: collections only)":
            "acrescentar uma linha por coleção e por fonte, a pior categoria primeiro (`collection`: só as coleções)",
        "the figures without the misses": "os números sem os erros",
        "also simulate learning from corrections row by row": "também simular o aprendizado com correções linha a linha",
        // teach, explain, recategorize, rules, snapshot.
        "a recorded row, instead of a row on stdin": "uma linha registrada, em vez de uma linha na entrada padrão",
        "a recorded row (with its links), instead of a row on stdin": "uma linha registrada (com seus vínculos), em vez de uma linha na entrada padrão",
        "the right category (garden categories lists them)": "a categoria certa (garden categories as lista)",
        "the right budget": "o orçamento certo",
        "the right merchant name": "o nome certo do estabelecimento",
        "add the proposed rule": "acrescentar a regra proposta",
        "the same as --apply": "o mesmo que --apply",
        "change nothing; print the summary": "não mudar nada; mostrar o resumo",
        "the resolution with its trace as JSON": "a resolução com seu rastro em JSON",
        "also re-examine every row dated this day or later": "também reexaminar toda linha com data deste dia em diante",
        "only rows the rule can match": "só as linhas que a regra pode casar",
        "print each changed row as a JSON line: its description and the fields that changed (the summary goes to stderr)":
            "escrever cada linha mudada como uma linha JSON: sua descrição e os campos que mudaram (o resumo vai para stderr)",
        "the snapshot file (new; never the store itself)": "o arquivo do snapshot (novo; nunca o próprio banco)",
        "replace an earlier snapshot FILE and its FILE.key": "substituir um snapshot FILE anterior e seu FILE.key",
        // link, links, budgets, report.
        "only links of this kind": "só os vínculos deste tipo",
        "as JSON lines": "em linhas JSON",
        "as JSON": "em JSON",
        "a row's ledger resolution with its links and net amount": "a resolução de uma linha no registro, com seus vínculos e valor líquido",
        "accept suggestion N (journaled)": "aceitar a sugestão N (no diário)",
        "reject suggestion N (journaled)": "rejeitar a sugestão N (no diário)",
        "the cycle (the month it starts in; default: the latest month recorded)": "o ciclo (o mês em que começa; padrão: o último mês registrado)",
        "the day cycles start (payday, 1-31); default: garden budgets set --cycle-start":
            "o dia em que os ciclos começam (dia do pagamento, 1-31); padrão: garden budgets set --cycle-start",
        "the day cycles start (payday, 1-31); with set, kept": "o dia em que os ciclos começam (dia do pagamento, 1-31); com set, guardado",
        "parcels in their own month (default) or the whole plan at purchase": "as parcelas cada uma no seu mês (padrão) ou o plano inteiro na compra",
        "set: the budget's name": "set: o nome do orçamento",
        "set: the most to spend a cycle (1.234,56 or 1234.56; none: no limit)": "set: o máximo a gastar num ciclo (1.234,56 ou 1234.56; none: sem limite)",
        "set: the limit's currency (default: the ledger's, else BRL)": "set: a moeda do limite (padrão: a do registro, senão BRL)",
        "set: the categories or groups that count here (default: garden's)": "set: as categorias ou grupos que contam aqui (padrão: os de garden)",
        "set: merchants whose rows count here whatever their category (none: no merchant)":
            "set: estabelecimentos cujas linhas contam aqui qualquer que seja a categoria (none: nenhum)",
        "set: what is left (or overspent) carries into the next cycle": "set: o que sobra (ou passa) vai para o próximo ciclo",
        "set: no carry": "set: nada passa para o próximo ciclo",
        "months in the categories chart (1-24, default 6)": "meses no gráfico das categorias (1-24, padrão 6)",
        "write the page to a new FILE (mode 0600) instead of stdout": "escrever a página num FILE novo (modo 0600) em vez da saída padrão",
        "with --out: replace FILE when it is an earlier page of garden report": "com --out: substituir FILE quando é uma página anterior de garden report",
        // review, rows, export, row.
        "only the rows of this month": "só as linhas deste mês",
        "at most N groups (default 20; 0: all)": "no máximo N grupos (padrão 20; 0: todos)",
        "one JSON object a group, a line each, then one a suggested rule ({\"suggested_rule\": …})":
            "um objeto JSON por grupo, um por linha, depois um por regra sugerida ({\"suggested_rule\": …})",
        "accept: every group": "accept: todos os grupos",
        "accept: every flagged row whose confidence is at least C (0 to 1)": "accept: toda linha a revisar cuja confiança seja ao menos C (0 a 1)",
        "rows of this account (as garden accounts lists them)": "linhas desta conta (como garden accounts as lista)",
        "rows of this category or its children (an id or a name: food, Mercado)": "linhas desta categoria ou das suas filhas (um id ou um nome: food, Mercado)",
        "rows whose merchant's name holds TEXT": "linhas cujo nome de estabelecimento contém TEXTO",
        "rows whose description or memo holds TEXT": "linhas cuja descrição ou memo contém TEXTO",
        "rows whose amount, either sign, is from A to B (50..100, 50.., ..100)": "linhas cujo valor, de qualquer sinal, vai de A a B (50..100, 50.., ..100)",
        "rows flagged for review only": "só as linhas a revisar",
        "only the rows dated this day or later": "só as linhas com data deste dia em diante",
        "only rows dated from this day on": "só as linhas com data deste dia em diante",
        "at most N rows (default: all)": "no máximo N linhas (padrão: todas)",
        "what to write (default: table on a terminal, else jsonl)": "o que escrever (padrão: table num terminal, senão jsonl)",
        "what to write (default jsonl)": "o que escrever (padrão jsonl)",
        "correct: the row's date": "correct: a data da linha",
        "correct: the row's amount": "correct: o valor da linha",
        "correct: the row's description": "correct: a descrição da linha",
        "correct: the row's memo": "correct: o memo da linha",
        "correct: the row's account": "correct: a conta da linha",
        "correct: the row's currency": "correct: a moeda da linha",
        "correct: this row's category alone (an id or a name; its merchant learns nothing)":
            "correct: a categoria só desta linha (um id ou um nome; seu estabelecimento não aprende nada)",
        "correct: this row's budget alone": "correct: o orçamento só desta linha",
        // merchants, undo, me, registry, version, install.
        "printed forms shown per identity (default 5)": "formas impressas mostradas por identidade (padrão 5)",
        "merge: the identity KEY becomes one merchant with": "merge: a identidade KEY com que ela vira um só estabelecimento",
        "the history instead": "o histórico em vez disso",
        "a name of yours": "um nome seu",
        "a document of yours (stored only as HMAC-SHA256 and the mask)": "um documento seu (guardado só como HMAC-SHA256 e a máscara)",
        "an account of yours": "uma conta sua",
        "remove: forget every stored document, keeping names and accounts (a lost identity key)":
            "remove: esquecer todo documento guardado, mantendo nomes e contas (uma chave de identidade perdida)",
        "also list the knowledge image's sections: each source's owner, size and files":
            "também listar as seções da imagem de conhecimento: o dono, o tamanho e os arquivos de cada fonte",
        "where to install (required): DIR/bin/garden and DIR/share/garden": "onde instalar (obrigatório): DIR/bin/garden e DIR/share/garden",
        "the binary to install (default: the garden running)": "o binário a instalar (padrão: o garden em execução)",
        "replace an earlier install garden made there": "substituir uma instalação anterior que garden fez ali",
    ]
}
