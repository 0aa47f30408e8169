# (1+β) in batches of b = 20n
# tier paper · n = 65536, m = 65536000 · 50 runs · seed 1 · bars: 95% CI
# Redraw: gnuplot -e 'fmt="pdf"' batch-beta.gp   (fmt: png, pdf, svg, tex)
# The data are in batch-beta.dat, one block per series (see its comments).
if (!exists("fmt")) fmt = "png"
tex = (fmt eq "tex")
if (fmt eq "png") {
  set terminal pngcairo size 990,798 enhanced font "Sans,19" linewidth 2.5
  set output "batch-beta.png"
} else { if (fmt eq "pdf") {
  set terminal pdfcairo size 3.3in,2.66in enhanced font "Sans,6.5" linewidth 1
  set output "batch-beta.pdf"
} else { if (fmt eq "svg") {
  set terminal svg size 660,532 dynamic enhanced font "Sans,13" linewidth 1.5
  set output "batch-beta.svg"
} else { if (tex) {
  set terminal cairolatex pdf size 3.3in,2.66in linewidth 1
  set output "batch-beta-latex.tex"
} else {
  print "fmt must be png, pdf, svg or tex"
  exit status 2
} } } }

T_title = tex ? '(1+$\beta$) in batches of b = 20n' : '(1+β) in batches of b = 20n'
T_x = tex ? '$\beta$' : 'β'
T_y = tex ? 'mean gap at m' : 'mean gap at m'
T_note0 = tex ? 'tier paper $\cdot$ n = 65536, m = 65536000 $\cdot$ 50 runs $\cdot$ seed 1 $\cdot$ bars: 95\% CI' : 'tier paper · n = 65536, m = 65536000 · 50 runs · seed 1 · bars: 95% CI'
T_s0 = tex ? '(1+$\beta$), unit weights' : '(1+β), unit weights'
T_s1 = tex ? '(1+$\beta$), Exp(1) weights' : '(1+β), Exp(1) weights'

P = (fmt eq "png") ? 1.4 : (fmt eq "svg" ? 0.7 : 0.45)
set title (tex ? sprintf('\shortstack{%s\\{\footnotesize %s}}', T_title, T_note0) : sprintf("%s\n{/*0.85 %s}", T_title, T_note0))
set xlabel T_x
set ylabel T_y
set border 3
set tics nomirror out
set grid lt 1 lc rgb '#e4e4e4' lw 0.5
set key below maxcols 2 reverse Left width 1 spacing 1.0 samplen 2.5 height 1
if (tex) { set key spacing 1.3 }
set autoscale xfix
set autoscale yfix
set offsets graph 0.03, graph 0.03, graph 0.06, graph 0.06

plot \
  'batch-beta.dat' index 0 using 1:2:3:4 with yerrorlines lc rgb '#000000' lw 1.2 dt 1 pt 7 ps P title T_s0, \
  'batch-beta.dat' index 1 using 1:2:3:4 with yerrorlines lc rgb '#E69F00' lw 1.2 dt 1 pt 5 ps P title T_s1
