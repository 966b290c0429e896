/// The page's style sheet, inline: system fonts only (no font is fetched), light and dark, a phone and a
/// laptop layout, printable. Garden green (#2E7D4F / #4CC27E) is the one accent (design notes §17);
/// over-limit is a status colour and always comes with words.
enum ReportStyle {
    static let css = """
    :root{color-scheme:light dark;--bg:#f4f6f4;--card:#fff;--ink:#1b1f1c;--muted:#59625c;--line:#dde2de;--accent:#2E7D4F;--over:#c0392b;--soft:#e9f2ec}
    @media (prefers-color-scheme:dark){:root{--bg:#101311;--card:#1a1e1b;--ink:#e6ebe7;--muted:#a2aca5;--line:#2e3530;--accent:#4CC27E;--over:#ff7b72;--soft:#1f2b23}}
    *{box-sizing:border-box}
    html{-webkit-text-size-adjust:100%}
    body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif}
    main{max-width:980px;margin:0 auto;padding:20px 16px 32px}
    header{padding:4px 4px 0}
    h1{font-size:1.8rem;line-height:1.2;margin:.2rem 0 .25rem}
    h2{font-size:1.25rem;margin:0 0 .6rem}
    h3{font-size:1.02rem;margin:1.2rem 0 .4rem}
    p{margin:.4rem 0}
    .sub,.rule,.note{color:var(--muted);font-size:.9rem}
    section{background:var(--card);border:1px solid var(--line);border-radius:20px;padding:18px 20px;margin:16px 0}
    .cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(190px,1fr));gap:12px;margin:.3rem 0 1rem}
    .card{border:1px solid var(--line);border-radius:16px;padding:12px 14px}
    .card.main{background:var(--soft);border-color:transparent}
    .label{display:block;color:var(--muted);font-size:.85rem}
    .value{display:block;font-size:1.4rem;font-weight:650;line-height:1.3}
    .amt{white-space:nowrap;font-variant-numeric:tabular-nums}
    .plus{color:var(--accent)}
    .scroll{overflow-x:auto}
    table{width:100%;border-collapse:collapse;font-size:.95rem}
    caption{text-align:left;color:var(--muted);font-size:.85rem;padding:0 0 .3rem}
    th,td{text-align:left;padding:7px 8px;border-bottom:1px solid var(--line);vertical-align:top}
    thead th{font-weight:600;color:var(--muted);font-size:.82rem;border-bottom-width:2px}
    tbody th{font-weight:500}
    .num{text-align:right}
    tfoot td,tfoot th{font-weight:650;border-bottom:0}
    .bar{height:8px;background:var(--line);border-radius:4px;overflow:hidden;margin-top:5px;max-width:220px}
    .bar>span{display:block;height:100%;background:var(--accent);border-radius:4px}
    .bar.over>span{background:var(--over)}
    .status{display:block;font-size:.8rem;color:var(--over);font-weight:600}
    .of{display:block;color:var(--muted);font-size:.82rem;white-space:nowrap}
    .badge{display:inline-block;margin-left:6px;padding:0 8px;border-radius:999px;border:1px solid var(--line);color:var(--muted);font-size:.75rem;font-weight:500;line-height:1.6;vertical-align:1px}
    .via{display:block;color:var(--muted);font-size:.82rem}
    figure{margin:.4rem 0 .8rem}
    svg.wide,svg.narrow{width:100%;height:auto;display:block}
    svg.wide{max-width:900px}
    svg.defs{position:absolute;width:0;height:0;overflow:hidden}
    svg .grid{stroke:var(--line);stroke-width:1}
    svg .axis{fill:var(--muted)}
    svg .total{fill:var(--ink);font-weight:600}
    svg .seg{stroke:var(--card);stroke-width:.8}
    .legend{list-style:none;margin:.3rem 0 .6rem;padding:0;display:flex;flex-wrap:wrap;gap:4px 16px;font-size:.9rem}
    .swatch{width:14px;height:14px;vertical-align:-2px;margin-right:6px}
    details{margin:.6rem 0}
    summary{cursor:pointer;color:var(--muted);font-size:.9rem}
    ul.plain{list-style:none;padding:0;margin:.3rem 0}
    ul.plain>li{padding:10px 0;border-bottom:1px solid var(--line)}
    ul.plain>li:last-child{border-bottom:0}
    ul.findings{margin:.3rem 0;padding-left:1.2rem}
    code{display:inline-block;max-width:100%;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.84rem;background:var(--soft);padding:2px 6px;border-radius:6px;overflow-wrap:anywhere}
    footer{color:var(--muted);font-size:.82rem;padding:0 6px}
    @media (max-width:600px){main{padding:12px 8px 24px}section{padding:14px 12px;border-radius:16px}h1{font-size:1.5rem}th,td{padding:6px 4px}table{font-size:.9rem}.cards{grid-template-columns:repeat(2,minmax(0,1fr));gap:8px}.card{padding:10px}.value{font-size:1.05rem}svg.wide{display:none}}
    @media (min-width:601px){svg.narrow{display:none}}
    @media print{:root{--bg:#fff;--card:#fff;--soft:#f1f4f2}body{font-size:11pt}main{max-width:none;padding:0}section{break-inside:avoid;border-color:#bbb;border-radius:8px}svg.narrow{display:none}svg.wide{display:block}.scroll{overflow:visible}}
    """
}
